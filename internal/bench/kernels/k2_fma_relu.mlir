func.func @k2_fma_relu(%a: tensor<$Nx$Nxf32>, %b: tensor<$Nx$Nxf32>, %c: tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32> {
  %zero = "tf.Const"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Mul"(%a, %b) {device = ""} : (tensor<$Nx$Nxf32>, tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32>
  %1 = "tf.AddV2"(%0, %c) {device = ""} : (tensor<$Nx$Nxf32>, tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32>
  %2 = "tf.Maximum"(%1, %zero) {device = ""} : (tensor<$Nx$Nxf32>, tensor<f32>) -> tensor<$Nx$Nxf32>
  func.return %2 : tensor<$Nx$Nxf32>
}
