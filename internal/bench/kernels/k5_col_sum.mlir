func.func @k5_col_sum(%x: tensor<$Nx$Nxf32>) -> tensor<$Nxf32> {
  %axis = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Sum"(%x, %axis) {device = "", keep_dims = false} : (tensor<$Nx$Nxf32>, tensor<1xi32>) -> tensor<$Nxf32>
  func.return %0 : tensor<$Nxf32>
}
