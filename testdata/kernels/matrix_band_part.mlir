// MatrixBandPart: the band of each innermost matrix, zeros elsewhere. f32 batches with (1, 0) (the lower
// bidiagonal), (-1, 0) (the lower triangle) and (0, -1) (the upper one; NaN and -0 stay where kept); i64 with
// (1, 1) on matrices at most 7 rows (num_lower <= rows, as TF requires); i1 diagonals (0, 0); f16 (-1, -1),
// the whole matrix; empty matrices.
func.func @test(%x: tensor<?x?x?xf32>, %n: tensor<?x?xi64>, %b: tensor<?x?xi1>, %h: tensor<?x?xf16>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<?x?xf16>) {
  %c1 = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %c0 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %cm1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %d1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %d0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %dm1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.MatrixBandPart"(%x, %c1, %c0) {device = ""} : (tensor<?x?x?xf32>, tensor<i64>, tensor<i64>) -> tensor<?x?x?xf32>
  %1 = "tf.MatrixBandPart"(%x, %cm1, %c0) {device = ""} : (tensor<?x?x?xf32>, tensor<i64>, tensor<i64>) -> tensor<?x?x?xf32>
  %2 = "tf.MatrixBandPart"(%x, %c0, %cm1) {device = ""} : (tensor<?x?x?xf32>, tensor<i64>, tensor<i64>) -> tensor<?x?x?xf32>
  %3 = "tf.MatrixBandPart"(%n, %c1, %c1) {device = ""} : (tensor<?x?xi64>, tensor<i64>, tensor<i64>) -> tensor<?x?xi64>
  %4 = "tf.MatrixBandPart"(%b, %d0, %d0) {device = ""} : (tensor<?x?xi1>, tensor<i32>, tensor<i32>) -> tensor<?x?xi1>
  %5 = "tf.MatrixBandPart"(%h, %dm1, %dm1) {device = ""} : (tensor<?x?xf16>, tensor<i32>, tensor<i32>) -> tensor<?x?xf16>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi64>, tensor<?x?xi1>, tensor<?x?xf16>
}
