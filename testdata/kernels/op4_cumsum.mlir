// sandjit-test: rtol=1e-5 atol=5e-6
// Cumsum on f32 along axis 0 and 1 with every exclusive/reverse combination (i32 and i64 axis constants,
// a negative axis), and on i32 (wraps) and i64 (exclusive). Running sums of [-1, 1] values cancel, hence
// atol 5e-6 (a sequential float32 sum is that far from the exact one).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xi32>, %arg2: tensor<?xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xi64>) {
  %cst = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Cumsum"(%arg0, %cst) {device = "", exclusive = false, reverse = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.Cumsum"(%arg0, %cst_0) {device = "", exclusive = true, reverse = false} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %2 = "tf.Cumsum"(%arg0, %cst_0) {device = "", exclusive = false, reverse = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %3 = "tf.Cumsum"(%arg0, %cst_1) {device = "", exclusive = true, reverse = true} : (tensor<?x?xf32>, tensor<i64>) -> tensor<?x?xf32>
  %4 = "tf.Cumsum"(%arg1, %cst) {device = "", exclusive = false, reverse = false} : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x?xi32>
  %5 = "tf.Cumsum"(%arg2, %cst) {device = "", exclusive = true, reverse = false} : (tensor<?xi64>, tensor<i32>) -> tensor<?xi64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?xi64>
}
