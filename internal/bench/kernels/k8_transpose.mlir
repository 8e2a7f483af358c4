func.func @k8_transpose(%x: tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32> {
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %perm) {device = ""} : (tensor<$Nx$Nxf32>, tensor<2xi32>) -> tensor<$Nx$Nxf32>
  func.return %0 : tensor<$Nx$Nxf32>
}
