// bf16 contractions: products summed in f32, rounded once (as refeval, within the default bf16 tolerance);
// MatMul with transpose_b, BatchMatMulV2 with broadcast batch dims, then BiasAdd rounded again.
func.func @test(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>, %x: tensor<?x?x?xbf16>, %y: tensor<?x?xbf16>, %bias: tensor<?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?x?xbf16>) {
  %0 = "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = true, device = ""} : (tensor<?x?xbf16>, tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %1 = "tf.BatchMatMulV2"(%x, %y) {adj_x = false, adj_y = false, device = ""} : (tensor<?x?x?xbf16>, tensor<?x?xbf16>) -> tensor<?x?x?xbf16>
  %2 = "tf.BiasAdd"(%1, %bias) {data_format = "NHWC", device = ""} : (tensor<?x?x?xbf16>, tensor<?xbf16>) -> tensor<?x?x?xbf16>
  func.return %0, %2 : tensor<?x?xbf16>, tensor<?x?x?xbf16>
}
