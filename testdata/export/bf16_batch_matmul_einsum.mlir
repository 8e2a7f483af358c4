// bf16 BatchMatMulV2 and Einsum, then Softmax in bf16.
func.func @test(%V__0: tensor<2x3x4xbf16>, %V__1: tensor<2x4x5xbf16>) -> (tensor<2x3x5xbf16>, tensor<2x3x5xbf16>) {
  %0 = "tf.BatchMatMulV2"(%V__0, %V__1) {T = bf16, adj_x = false, adj_y = false, device = ""} : (tensor<2x3x4xbf16>, tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16>
  %1 = "tf.Einsum"(%V__0, %V__1) {N = 2 : i64, T = bf16, device = "", equation = "bij,bjk->bik"} : (tensor<2x3x4xbf16>, tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16>
  %2 = "tf.Softmax"(%1) {T = bf16, device = ""} : (tensor<2x3x5xbf16>) -> tensor<2x3x5xbf16>
  func.return %0, %2 : tensor<2x3x5xbf16>, tensor<2x3x5xbf16>
}
