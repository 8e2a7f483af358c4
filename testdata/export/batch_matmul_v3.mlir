// BatchMatMulV3 with Ta/Tb/Tout and adj_x, grad_x/grad_y (as TF 2.x's matmul exports it).
func.func @test(%V__0: tensor<?x4x3xf32> { python_test_attrs.static_type = tensor<2x4x3xf32> }, %V__1: tensor<?x4x5xf32> { python_test_attrs.static_type = tensor<2x4x5xf32> }) -> tensor<?x3x5xf32> {
  %0 = "tf.BatchMatMulV3"(%V__0, %V__1) {Ta = f32, Tb = f32, Tout = f32, adj_x = true, adj_y = false, device = "", grad_x = false, grad_y = false} : (tensor<?x4x3xf32>, tensor<?x4x5xf32>) -> tensor<?x3x5xf32>
  func.return %0 : tensor<?x3x5xf32>
}
