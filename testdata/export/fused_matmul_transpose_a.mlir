// _FusedMatMul with transpose_a, BiasAdd + Elu, and a BatchMatMulV2 with ellipsis-style broadcasting
// Einsum "...ij,jk->...ik".
func.func @test(%arg0: tensor<6x?xf32> {python_test_attrs.static_type = tensor<6x3xf32>}, %arg1: tensor<6x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<2x2x3x6xf32>) -> (tensor<?x4xf32>, tensor<2x2x3x4xf32>) {
  %0 = "tf._FusedMatMul"(%arg0, %arg1, %arg2) {T = f32, device = "", epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd", "Elu"], leakyrelu_alpha = 2.000000e-01 : f32, num_args = 1 : i64, transpose_a = true, transpose_b = false} : (tensor<6x?xf32>, tensor<6x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = "tf.Einsum"(%arg3, %arg1) {N = 2 : i64, T = f32, device = "", equation = "...ij,jk->...ik"} : (tensor<2x2x3x6xf32>, tensor<6x4xf32>) -> tensor<2x2x3x4xf32>
  func.return %0, %1 : tensor<?x4xf32>, tensor<2x2x3x4xf32>
}
