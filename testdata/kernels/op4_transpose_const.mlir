// sandjit-test: rtol=0 atol=0
// Transpose with constant permutations (i32 and i64): 2-D, a 3-D rotation, NHWC -> NCHW, on f32, i64,
// i1 and ui8, including zero-size dims.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?x?xi64>, %arg2: tensor<?x?x?x?xf32>, %arg3: tensor<?x?x?xi1>, %arg4: tensor<?x?xui8>) -> (tensor<?x?xf32>, tensor<?x?x?xi64>, tensor<?x?x?x?xf32>, tensor<?x?x?xi1>, tensor<?x?xui8>) {
  %cst = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tf.Transpose"(%arg1, %cst_0) {device = ""} : (tensor<?x?x?xi64>, tensor<3xi64>) -> tensor<?x?x?xi64>
  %cst_1 = "tf.Const"() {value = dense<[0, 3, 1, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %2 = "tf.Transpose"(%arg2, %cst_1) {device = ""} : (tensor<?x?x?x?xf32>, tensor<4xi32>) -> tensor<?x?x?x?xf32>
  %cst_2 = "tf.Const"() {value = dense<[0, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %3 = "tf.Transpose"(%arg3, %cst_2) {device = ""} : (tensor<?x?x?xi1>, tensor<3xi32>) -> tensor<?x?x?xi1>
  %4 = "tf.Transpose"(%arg4, %cst) {device = ""} : (tensor<?x?xui8>, tensor<2xi32>) -> tensor<?x?xui8>
  func.return %0, %1, %2, %3, %4 : tensor<?x?xf32>, tensor<?x?x?xi64>, tensor<?x?x?x?xf32>, tensor<?x?x?xi1>, tensor<?x?xui8>
}
