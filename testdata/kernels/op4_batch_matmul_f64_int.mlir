// BatchMatMulV2 on f64 (adj_x, broadcasting a batch of 1) and on i32 and i64 (exact; i32 sums wrap).
func.func @test(%arg0: tensor<?x?x?xf64>, %arg1: tensor<?x?x?xf64>, %arg2: tensor<?x?x?xi32>, %arg3: tensor<?x?xi32>, %arg4: tensor<?x?x?xi64>, %arg5: tensor<?x?x?xi64>) -> (tensor<?x?x?xf64>, tensor<?x?x?xi32>, tensor<?x?x?xi64>) {
  %0 = "tf.BatchMatMulV2"(%arg0, %arg1) {adj_x = true, adj_y = false, device = ""} : (tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %1 = "tf.BatchMatMulV2"(%arg2, %arg3) {adj_x = false, adj_y = false, device = ""} : (tensor<?x?x?xi32>, tensor<?x?xi32>) -> tensor<?x?x?xi32>
  %2 = "tf.BatchMatMulV2"(%arg4, %arg5) {adj_x = false, adj_y = true, device = ""} : (tensor<?x?x?xi64>, tensor<?x?x?xi64>) -> tensor<?x?x?xi64>
  func.return %0, %1, %2 : tensor<?x?x?xf64>, tensor<?x?x?xi32>, tensor<?x?x?xi64>
}
