// sandjit-test: rtol=1e-5 atol=2e-6
// BatchMatMul (the first version) and BatchMatMulV3 compute what BatchMatMulV2 does: f32 with equal batch
// dims, f64 with adj_x and adj_y, and an i32 V3 (Ta = Tb = Tout) whose size-1 batch broadcasts; empty batches
// and empty contractions.
func.func @test(%x: tensor<?x?x?xf32>, %y: tensor<?x?x?xf32>, %a: tensor<?x?x?xf64>, %b: tensor<?x?x?xf64>, %n: tensor<?x?x?xi32>, %m: tensor<?x?x?xi32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf64>, tensor<?x?x?xi32>) {
  %0 = "tf.BatchMatMul"(%x, %y) {adj_x = false, adj_y = false, device = ""} : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.BatchMatMulV3"(%a, %b) {Ta = f64, Tb = f64, Tout = f64, adj_x = true, adj_y = true, device = ""} : (tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  %2 = "tf.BatchMatMulV3"(%n, %m) {Ta = i32, Tb = i32, Tout = i32, adj_x = false, adj_y = false, device = ""} : (tensor<?x?x?xi32>, tensor<?x?x?xi32>) -> tensor<?x?x?xi32>
  func.return %0, %1, %2 : tensor<?x?x?xf32>, tensor<?x?x?xf64>, tensor<?x?x?xi32>
}
