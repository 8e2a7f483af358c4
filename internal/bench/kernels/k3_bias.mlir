func.func @k3_bias(%x: tensor<$Nx$Nxf32>, %bias: tensor<$Nxf32>) -> tensor<$Nx$Nxf32> {
  %0 = "tf.AddV2"(%x, %bias) {device = ""} : (tensor<$Nx$Nxf32>, tensor<$Nxf32>) -> tensor<$Nx$Nxf32>
  func.return %0 : tensor<$Nx$Nxf32>
}
