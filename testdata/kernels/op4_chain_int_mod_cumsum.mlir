// sandjit-test: rtol=0 atol=0
// An exact i32 chain: Mod and TruncateDiv by a divisor row with zeros, the identity t * b + m == a (false
// where b == 0 and a != 0) counted per row via Cast, Cumsum of the remainders, its ArgMax (ties: first),
// OneHot of that index and the row maxima picked with it; inputs up to +-1e4.
func.func @test(%arg0: tensor<?x7xi32>, %arg1: tensor<7xi32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  %0 = "tf.Mod"(%arg0, %arg1) {device = ""} : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi32>
  %1 = "tf.TruncateDiv"(%arg0, %arg1) {device = ""} : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi32>
  %2 = "tf.Mul"(%1, %arg1) {device = ""} : (tensor<?x7xi32>, tensor<7xi32>) -> tensor<?x7xi32>
  %3 = "tf.AddV2"(%2, %0) {device = ""} : (tensor<?x7xi32>, tensor<?x7xi32>) -> tensor<?x7xi32>
  %4 = "tf.Equal"(%3, %arg0) {device = "", incompatible_shape_error = true} : (tensor<?x7xi32>, tensor<?x7xi32>) -> tensor<?x7xi1>
  %5 = "tf.Cast"(%4) {Truncate = false, device = ""} : (tensor<?x7xi1>) -> tensor<?x7xi32>
  %cst = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %6 = "tf.Sum"(%5, %cst) {device = "", keep_dims = false} : (tensor<?x7xi32>, tensor<1xi32>) -> tensor<?xi32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %7 = "tf.Cumsum"(%0, %cst_0) {device = "", exclusive = false, reverse = false} : (tensor<?x7xi32>, tensor<i32>) -> tensor<?x7xi32>
  %8 = "tf.ArgMax"(%7, %cst_0) {device = ""} : (tensor<?x7xi32>, tensor<i32>) -> tensor<?xi32>
  %cst_1 = "tf.Const"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %cst_2 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %cst_3 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %9 = "tf.OneHot"(%8, %cst_1, %cst_2, %cst_3) {axis = -1 : i64, device = ""} : (tensor<?xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?x7xi32>
  %10 = "tf.Mul"(%9, %7) {device = ""} : (tensor<?x7xi32>, tensor<?x7xi32>) -> tensor<?x7xi32>
  %11 = "tf.Sum"(%10, %cst) {device = "", keep_dims = false} : (tensor<?x7xi32>, tensor<1xi32>) -> tensor<?xi32>
  func.return %6, %8, %11 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
}
