func.func @k1_tanh(%x: tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32> {
  %0 = "tf.Tanh"(%x) {device = ""} : (tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32>
  func.return %0 : tensor<$Nx$Nxf32>
}
