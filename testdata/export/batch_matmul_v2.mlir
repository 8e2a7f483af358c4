// BatchMatMulV2 with broadcast batch dims and adj_y (tf.linalg.matmul(a, b, transpose_b=True)).
func.func @test(%V__0: tensor<?x1x3x4xf32> { python_test_attrs.static_type = tensor<2x1x3x4xf32> }, %V__1: tensor<5x6x4xf32>) -> tensor<?x5x3x6xf32> {
  %0 = "tf.BatchMatMulV2"(%V__0, %V__1) {T = f32, adj_x = false, adj_y = true, device = ""} : (tensor<?x1x3x4xf32>, tensor<5x6x4xf32>) -> tensor<?x5x3x6xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<?x5x3x6xf32>) -> tensor<?x5x3x6xf32>
  func.return %1 : tensor<?x5x3x6xf32>
}
