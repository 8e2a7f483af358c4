// All/Any with keep_dims, over two axes, over all axes (i64 axes, rank-0 result) and over no axes.
func.func @test(%V__0: tensor<?x?x?xi1> {python_test_attrs.static_type = tensor<2x3x4xi1>}) -> (tensor<?x?x1xi1>, tensor<?xi1>, tensor<i1>, tensor<?x?x?xi1>) {
  %cst = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.All"(%V__0, %cst) {keep_dims = true, device = ""} : (tensor<?x?x?xi1>, tensor<1xi32>) -> tensor<?x?x1xi1>
  %cst_0 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Any"(%V__0, %cst_0) {keep_dims = false, device = ""} : (tensor<?x?x?xi1>, tensor<2xi32>) -> tensor<?xi1>
  %cst_1 = "tf.Const"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "tf.All"(%V__0, %cst_1) {keep_dims = false, device = ""} : (tensor<?x?x?xi1>, tensor<3xi64>) -> tensor<i1>
  %cst_2 = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %3 = "tf.Any"(%V__0, %cst_2) {keep_dims = false, device = ""} : (tensor<?x?x?xi1>, tensor<0xi32>) -> tensor<?x?x?xi1>
  func.return %0, %1, %2, %3 : tensor<?x?x1xi1>, tensor<?xi1>, tensor<i1>, tensor<?x?x?xi1>
}
