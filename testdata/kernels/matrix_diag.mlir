// sandjit-test: rtol=0 atol=0
// MatrixDiag (V1: square matrices), MatrixDiagV2 (left-aligned) and MatrixDiagV3: f32 bands [-1, 1] with
// LEFT_RIGHT and LEFT_LEFT, a superdiagonal in matrices of num_rows x num_cols read from arguments before the
// run (-1: the least that fits; 0 x 3 matrices in case 2), a subdiagonal in square matrices, a band [0, 2]
// in 6-row matrices; i64 [-1, 0] RIGHT_RIGHT; i1 (an empty diagonal in case 3). NaN and -0 pass through.
func.func @test(%v: tensor<?x?xf32>, %w: tensor<?x3x?xf32>, %r: tensor<i32>, %c: tensor<i32>, %y: tensor<?x2x?xi64>, %b: tensor<?xi1>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x6x?xf32>, tensor<?x?x?xi64>, tensor<?x?xi1>) {
  %k11 = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %km1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %k02 = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k10 = "tf.Const"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %six = "tf.Const"() {value = dense<6> : tensor<i32>} : () -> tensor<i32>
  %f9 = "tf.Const"() {value = dense<9.0> : tensor<f32>} : () -> tensor<f32>
  %fm2 = "tf.Const"() {value = dense<-2.0> : tensor<f32>} : () -> tensor<f32>
  %f3 = "tf.Const"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %f0 = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %im5 = "tf.Const"() {value = dense<-5> : tensor<i64>} : () -> tensor<i64>
  %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %0 = "tf.MatrixDiag"(%v) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.MatrixDiagV3"(%w, %k11, %km1, %km1, %f9) {align = "LEFT_RIGHT"} : (tensor<?x3x?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?x?xf32>
  %2 = "tf.MatrixDiagV2"(%w, %k11, %km1, %km1, %f9) : (tensor<?x3x?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?x?xf32>
  %3 = "tf.MatrixDiagV3"(%v, %k1, %r, %c, %fm2) : (tensor<?x?xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?x?xf32>
  %4 = "tf.MatrixDiagV3"(%v, %km1, %km1, %km1, %f3) {align = "RIGHT_RIGHT"} : (tensor<?x?xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x?x?xf32>
  %5 = "tf.MatrixDiagV3"(%w, %k02, %six, %km1, %f0) {align = "RIGHT_LEFT"} : (tensor<?x3x?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<?x6x?xf32>
  %6 = "tf.MatrixDiagV3"(%y, %k10, %km1, %km1, %im5) {align = "RIGHT_RIGHT"} : (tensor<?x2x?xi64>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<i64>) -> tensor<?x?x?xi64>
  %7 = "tf.MatrixDiagV3"(%b, %k0, %km1, %km1, %t) : (tensor<?xi1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i1>) -> tensor<?x?xi1>
  func.return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x6x?xf32>, tensor<?x?x?xi64>, tensor<?x?xi1>
}
