// sandjit-test: rtol=1e-5 atol=2e-6
// BatchMatMulV2 on f32: batch dims broadcast (B1 x 1 against B2), adj_x and adj_y together, a rank-3
// operand against a rank-2 one with adj_y, size-1 and zero-size batches.
func.func @test(%arg0: tensor<?x?x?x?xf32>, %arg1: tensor<?x?x?xf32>, %arg2: tensor<?x?x?xf32>, %arg3: tensor<?x?x?xf32>, %arg4: tensor<?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.BatchMatMulV2"(%arg0, %arg1) {adj_x = false, adj_y = false, device = ""} : (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.BatchMatMulV2"(%arg2, %arg3) {adj_x = true, adj_y = true, device = ""} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %2 = "tf.BatchMatMulV2"(%arg1, %arg4) {adj_x = false, adj_y = true, device = ""} : (tensor<?x?x?xf32>, tensor<?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
