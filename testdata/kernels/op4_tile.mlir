// sandjit-test: rtol=0 atol=0
// Tile by [2, 3], by [1, 0, 2] (i64 multiples; a 0 gives a zero-size result), a vector of i1 by 3 and the
// identity [1, 1].
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?x?xi64>, %arg2: tensor<?xi1>) -> (tensor<?x?xf32>, tensor<?x0x?xi64>, tensor<?xi1>, tensor<?x?xf32>) {
  %cst = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Tile"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tf.Tile"(%arg1, %cst_0) {device = ""} : (tensor<?x?x?xi64>, tensor<3xi64>) -> tensor<?x0x?xi64>
  %cst_1 = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %2 = "tf.Tile"(%arg2, %cst_1) {device = ""} : (tensor<?xi1>, tensor<1xi32>) -> tensor<?xi1>
  %cst_2 = "tf.Const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Tile"(%arg0, %cst_2) {device = ""} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x0x?xi64>, tensor<?xi1>, tensor<?x?xf32>
}
