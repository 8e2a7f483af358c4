// sandjit-test: rtol=1e-5 atol=1e-6
// Reductions fed by elementwise producers: an L2 distance per row, a column sum of exp(x) * y, an L-inf distance.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<9x13xf32>}, %arg1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<9x13xf32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x1xf32>) {
  %c1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %c0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.SquaredDifference"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Sum"(%0, %c1) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %2 = "tf.Sqrt"(%1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "tf.Exp"(%arg0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Mul"(%3, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tf.Sum"(%4, %c0) {device = "", keep_dims = false} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %6 = "tf.Sub"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "tf.Abs"(%6) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %8 = "tf.Max"(%7, %c1) {device = "", keep_dims = true} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  func.return %2, %5, %8 : tensor<?xf32>, tensor<?xf32>, tensor<?x1xf32>
}
