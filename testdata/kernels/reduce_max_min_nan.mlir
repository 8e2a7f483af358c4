// Max/Min reductions propagate NaN; empty reductions give -Inf/+Inf; an empty axis list is the identity.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<5x6xf32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x1xf32>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %cst_1 = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.Max"(%V__0, %cst) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %1 = "tf.Min"(%V__0, %cst_0) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %2 = "tf.Max"(%V__0, %cst_1) {keep_dims = false, device = ""} : (tensor<?x?xf32>, tensor<0xi32>) -> tensor<?x?xf32>
  %3 = "tf.Min"(%V__0, %cst) {keep_dims = true, device = ""} : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?x1xf32>
  func.return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x1xf32>
}
