// sandjit-test: rtol=0 atol=0
// MatrixDiagPart (V1: the main diagonal), MatrixDiagPartV2 (left-aligned) and MatrixDiagPartV3 with each align:
// f32 batches of ?x? matrices, wide and tall, with bands [-1, 1], [-2, 0], [0, 2], [-1, 2] (NaN and -0 pass
// through; shorter diagonals padded), a single superdiagonal; i64 with a band and a single subdiagonal; i1
// with padding true; f16. An empty batch in case 3.
func.func @test(%x: tensor<?x?x?xf32>, %y: tensor<?x?xi64>, %b: tensor<?x?xi1>, %h: tensor<?x?xf16>) -> (tensor<?x?xf32>, tensor<?x3x?xf32>, tensor<?x3x?xf32>, tensor<?x3x?xf32>, tensor<?x4x?xf32>, tensor<?x3x?xf32>, tensor<?x?xf32>, tensor<4x?xi64>, tensor<?xi64>, tensor<2x?xi1>, tensor<2x?xf16>) {
  %k11 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k20 = "tf.Const"() {value = dense<[-2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k02 = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k12 = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %k21 = "tf.Const"() {value = dense<[-2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %km2 = "tf.Const"() {value = dense<-2> : tensor<1xi32>} : () -> tensor<1xi32>
  %k01 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k10 = "tf.Const"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %f9 = "tf.Const"() {value = dense<9.0> : tensor<f32>} : () -> tensor<f32>
  %fm1 = "tf.Const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %f0 = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %f5 = "tf.Const"() {value = dense<5.0> : tensor<f32>} : () -> tensor<f32>
  %f7 = "tf.Const"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  %f3 = "tf.Const"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %im7 = "tf.Const"() {value = dense<-7> : tensor<i64>} : () -> tensor<i64>
  %i0 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %h2 = "tf.Const"() {value = dense<2.0> : tensor<f16>} : () -> tensor<f16>
  %0 = "tf.MatrixDiagPart"(%x) {device = ""} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %1 = "tf.MatrixDiagPartV3"(%x, %k11, %f9) : (tensor<?x?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x3x?xf32>
  %2 = "tf.MatrixDiagPartV3"(%x, %k20, %fm1) {align = "LEFT_RIGHT"} : (tensor<?x?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x3x?xf32>
  %3 = "tf.MatrixDiagPartV3"(%x, %k02, %f0) {align = "LEFT_LEFT"} : (tensor<?x?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x3x?xf32>
  %4 = "tf.MatrixDiagPartV3"(%x, %k12, %f5) {align = "RIGHT_RIGHT"} : (tensor<?x?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x4x?xf32>
  %5 = "tf.MatrixDiagPartV2"(%x, %k11, %f7) : (tensor<?x?x?xf32>, tensor<2xi32>, tensor<f32>) -> tensor<?x3x?xf32>
  %6 = "tf.MatrixDiagPartV3"(%x, %k1, %f3) : (tensor<?x?x?xf32>, tensor<i32>, tensor<f32>) -> tensor<?x?xf32>
  %7 = "tf.MatrixDiagPartV3"(%y, %k21, %im7) {align = "RIGHT_LEFT"} : (tensor<?x?xi64>, tensor<2xi32>, tensor<i64>) -> tensor<4x?xi64>
  %8 = "tf.MatrixDiagPartV3"(%y, %km2, %i0) : (tensor<?x?xi64>, tensor<1xi32>, tensor<i64>) -> tensor<?xi64>
  %9 = "tf.MatrixDiagPartV3"(%b, %k01, %t) : (tensor<?x?xi1>, tensor<2xi32>, tensor<i1>) -> tensor<2x?xi1>
  %10 = "tf.MatrixDiagPartV3"(%h, %k10, %h2) {align = "LEFT_RIGHT"} : (tensor<?x?xf16>, tensor<2xi32>, tensor<f16>) -> tensor<2x?xf16>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?x?xf32>, tensor<?x3x?xf32>, tensor<?x3x?xf32>, tensor<?x3x?xf32>, tensor<?x4x?xf32>, tensor<?x3x?xf32>, tensor<?x?xf32>, tensor<4x?xi64>, tensor<?xi64>, tensor<2x?xi1>, tensor<2x?xf16>
}
