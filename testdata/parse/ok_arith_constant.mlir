func.func @consts(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %cst = arith.constant dense<2.500000e-01> : tensor<f32>
  %cst_0 = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %cst_1 = arith.constant dense<[1, -2]> : tensor<2xi64>
  %0 = "tf.Mul"(%arg0, %cst) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %1 = "tf.AddV2"(%0, %cst_0) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = "arith.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
  return %1 : tensor<3xf32>
}
