func.func @k6_softmax(%x: tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32> {
  %0 = "tf.Softmax"(%x) {device = ""} : (tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32>
  func.return %0 : tensor<$Nx$Nxf32>
}
