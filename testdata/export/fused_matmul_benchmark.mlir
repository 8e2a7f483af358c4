// _FusedMatMul exactly as TF's fused_matmul_op_benchmark writes it (dynamic dims, BiasAdd + Relu).
// sweep: arg0=3x16 arg1=16x8 arg2=8
func.func @fused_matmul(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>) -> tensor<?x?xf32> {
    %0 = "tf._FusedMatMul"(%arg0, %arg1, %arg2) {
           epsilon = 0.000000e+00 : f32,
           leakyrelu_alpha = 2.000000e-01 : f32,
           fused_ops = ["BiasAdd", "Relu"],
           transpose_a = false,
           transpose_b = false
         } : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
    func.return %0 : tensor<?x?xf32>
  }
