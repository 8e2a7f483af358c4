// ArgMax/ArgMin along the last axis and axis 0 (i32 and i64 dimension constants), i64 and i32 output
// types, ties (including -0 vs +0) giving the first index, +-Inf, on f32, f64, i8, ui8 and i64.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xi8>, %arg3: tensor<?x?x?xui8>, %arg4: tensor<?x?xi64>, %arg5: tensor<?xf64>) -> (tensor<?xi64>, tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?x?xi64>, tensor<?xi32>, tensor<i64>) {
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ArgMax"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xi64>
  %1 = "tf.ArgMin"(%arg0, %cst) {device = ""} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?xi32>
  %cst_0 = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %2 = "tf.ArgMax"(%arg1, %cst_0) {device = ""} : (tensor<?x?xf32>, tensor<i64>) -> tensor<?xi32>
  %cst_1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.ArgMin"(%arg2, %cst_1) {device = ""} : (tensor<?x?xi8>, tensor<i32>) -> tensor<?xi64>
  %4 = "tf.ArgMax"(%arg3, %cst) {device = ""} : (tensor<?x?x?xui8>, tensor<i32>) -> tensor<?x?xi64>
  %5 = "tf.ArgMax"(%arg4, %cst_0) {device = ""} : (tensor<?x?xi64>, tensor<i64>) -> tensor<?xi32>
  %cst_2 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %6 = "tf.ArgMin"(%arg5, %cst_2) {device = ""} : (tensor<?xf64>, tensor<i32>) -> tensor<i64>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<?xi64>, tensor<?xi32>, tensor<?xi32>, tensor<?xi64>, tensor<?x?xi64>, tensor<?xi32>, tensor<i64>
}
