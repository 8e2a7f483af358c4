// sandjit-test: rtol=1e-5 atol=1e-6
// Column sums (reduce the outer dim) and row sums (reduce the inner dim) of one input.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<1x?xf32>, tensor<?x1xf32>) {
  %c0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %c1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Sum"(%arg0, %c0) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = "tf.Sum"(%arg0, %c1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %2 = "tf.Mean"(%arg0, %c0) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<1x?xf32>
  %3 = "tf.Max"(%arg0, %c1) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<1x?xf32>, tensor<?x1xf32>
}
