// _FusedMatMul (what TF's remapper makes of MatMul + BiasAdd [+ Relu]): fused_ops ["BiasAdd"] and
// ["BiasAdd", "Relu"], with transpose_b and transpose_a.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x?xf32>, %arg4: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf._FusedMatMul"(%arg0, %arg1, %arg2) {device = "", epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd"], leakyrelu_alpha = 2.000000e-01 : f32, transpose_a = false, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf._FusedMatMul"(%arg0, %arg3, %arg2) {device = "", epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd", "Relu"], leakyrelu_alpha = 2.000000e-01 : f32, transpose_a = false, transpose_b = true} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %2 = "tf._FusedMatMul"(%arg4, %arg1, %arg2) {device = "", epsilon = 0.000000e+00 : f32, fused_ops = ["BiasAdd", "Relu"], leakyrelu_alpha = 2.000000e-01 : f32, transpose_a = true, transpose_b = false} : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
