// sandjit-test: rtol=0 atol=0
// Gather (axis 0, rank-2 i32 indices), GatherV2 on axis 1 (i64 indices), on axis -1 of an i32 tensor, with
// batch_dims = 1 (per-batch indices), and a rank-0 index into an i1 vector; indices are in range (an
// out-of-range index is an error in TF, not a value).
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xi32>, %arg2: tensor<?xi64>, %arg3: tensor<?x?x?xi32>, %arg4: tensor<?x?xi32>, %arg5: tensor<?x?x?xf32>, %arg6: tensor<?x?xi32>, %arg7: tensor<?xi1>, %arg8: tensor<i32>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x?xf32>, tensor<i1>) {
  %0 = "tf.Gather"(%arg0, %arg1) {device = "", validate_indices = true} : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %cst = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.GatherV2"(%arg0, %arg2, %cst) {batch_dims = 0 : i64, device = ""} : (tensor<?x?xf32>, tensor<?xi64>, tensor<i32>) -> tensor<?x?xf32>
  %cst_0 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %2 = "tf.GatherV2"(%arg3, %arg4, %cst_0) {batch_dims = 0 : i64, device = ""} : (tensor<?x?x?xi32>, tensor<?x?xi32>, tensor<i64>) -> tensor<?x?x?x?xi32>
  %3 = "tf.GatherV2"(%arg5, %arg6, %cst) {batch_dims = 1 : i64, device = ""} : (tensor<?x?x?xf32>, tensor<?x?xi32>, tensor<i32>) -> tensor<?x?x?xf32>
  %cst_1 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %4 = "tf.GatherV2"(%arg7, %arg8, %cst_1) {batch_dims = 0 : i64, device = ""} : (tensor<?xi1>, tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0, %1, %2, %3, %4 : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x?xf32>, tensor<i1>
}
