// sandjit-test: rtol=0 atol=0
// Slice with constant begin/size: size -1 (to the end), i64 begin/size with a zero size, the whole tensor
// (begin 0, size -1); at run time the first dims may leave nothing (0 rows).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?x?xi32>) -> (tensor<?x3xf32>, tensor<2x?x0xi32>, tensor<?x?xf32>) {
  %cst = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_0 = "tf.Const"() {value = dense<[-1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Slice"(%arg0, %cst, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x3xf32>
  %cst_1 = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %cst_2 = "tf.Const"() {value = dense<[2, -1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tf.Slice"(%arg1, %cst_1, %cst_2) {device = ""} : (tensor<?x?x?xi32>, tensor<3xi64>, tensor<3xi64>) -> tensor<2x?x0xi32>
  %cst_3 = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %cst_4 = "tf.Const"() {value = dense<-1> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Slice"(%arg0, %cst_3, %cst_4) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x3xf32>, tensor<2x?x0xi32>, tensor<?x?xf32>
}
