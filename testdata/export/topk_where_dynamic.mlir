// TopKV2 over a dynamic last axis with a constant k (ties between equal integers), unsorted Where on
// a rank-3 bool, and Size/Rank of dynamic values.
// sweep: arg0=3x9 arg0.range=-3:3 arg1=2x3x4
func.func @test(%arg0: tensor<?x?xi32>, %arg1: tensor<?x?x?xi1>) -> (tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x3xi64>, tensor<i32>, tensor<i32>) {
  %k = "tf.Const"() {device = "", value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %v, %i = "tf.TopKV2"(%arg0, %k) {T = i32, device = "", sorted = true} : (tensor<?x?xi32>, tensor<i32>) -> (tensor<?x4xi32>, tensor<?x4xi32>)
  %0 = "tf.Where"(%arg1) {T = i1, device = ""} : (tensor<?x?x?xi1>) -> tensor<?x3xi64>
  %1 = "tf.Size"(%0) {T = i64, device = "", out_type = i32} : (tensor<?x3xi64>) -> tensor<i32>
  %2 = "tf.Rank"(%arg1) {T = i1, device = ""} : (tensor<?x?x?xi1>) -> tensor<i32>
  func.return %v, %i, %0, %1, %2 : tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x3xi64>, tensor<i32>, tensor<i32>
}
