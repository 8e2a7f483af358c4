// sandjit-test: rtol=0 atol=0
// MatrixSetDiag (V1: the main diagonal), MatrixSetDiagV2 (left-aligned) and MatrixSetDiagV3: f32 batches of
// ?x? matrices, wide and tall, with a band [-1, 1] (LEFT_RIGHT, and V2's LEFT_LEFT) and superdiagonals [1, 2]
// (RIGHT_LEFT); i64 [-1, 1] RIGHT_RIGHT; i1 [0, 1]. NaN and -0 pass through; an empty batch in case 3.
func.func @test(%x: tensor<?x?x?xf32>, %d0: tensor<?x?xf32>, %d1: tensor<?x3x?xf32>, %d2: tensor<?x2x?xf32>, %y: tensor<?x?xi64>, %e: tensor<3x?xi64>, %b: tensor<?x?xi1>, %c: tensor<2x?xi1>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>) {
  %k11 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k12 = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.MatrixSetDiag"(%x, %d0) {device = ""} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.MatrixSetDiagV3"(%x, %d1, %k11) {align = "LEFT_RIGHT"} : (tensor<?x?x?xf32>, tensor<?x3x?xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %2 = "tf.MatrixSetDiagV2"(%x, %d1, %k11) : (tensor<?x?x?xf32>, tensor<?x3x?xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %3 = "tf.MatrixSetDiagV3"(%x, %d2, %k12) : (tensor<?x?x?xf32>, tensor<?x2x?xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %4 = "tf.MatrixSetDiagV3"(%y, %e, %k11) {align = "RIGHT_RIGHT"} : (tensor<?x?xi64>, tensor<3x?xi64>, tensor<2xi32>) -> tensor<?x?xi64>
  %5 = "tf.MatrixSetDiagV3"(%b, %c, %k01) : (tensor<?x?xi1>, tensor<2x?xi1>, tensor<2xi32>) -> tensor<?x?xi1>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>
}
