func.func @k7_matmul(%a: tensor<$Mx$Mxf32>, %b: tensor<$Mx$Mxf32>) -> tensor<$Mx$Mxf32> {
  %0 = "tf.MatMul"(%a, %b) {device = "", transpose_a = false, transpose_b = false} : (tensor<$Mx$Mxf32>, tensor<$Mx$Mxf32>) -> tensor<$Mx$Mxf32>
  func.return %0 : tensor<$Mx$Mxf32>
}
