func.func @k10_layer_norm(%x: tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32> {
  %axis = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %eps = "tf.Const"() {value = dense<9.99999974E-6> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Mean"(%x, %axis) {device = "", keep_dims = true} : (tensor<$Nx$Nxf32>, tensor<1xi32>) -> tensor<$Nx1xf32>
  %1 = "tf.Sub"(%x, %0) {device = ""} : (tensor<$Nx$Nxf32>, tensor<$Nx1xf32>) -> tensor<$Nx$Nxf32>
  %2 = "tf.Square"(%1) {device = ""} : (tensor<$Nx$Nxf32>) -> tensor<$Nx$Nxf32>
  %3 = "tf.Mean"(%2, %axis) {device = "", keep_dims = true} : (tensor<$Nx$Nxf32>, tensor<1xi32>) -> tensor<$Nx1xf32>
  %4 = "tf.AddV2"(%3, %eps) {device = ""} : (tensor<$Nx1xf32>, tensor<f32>) -> tensor<$Nx1xf32>
  %5 = "tf.Rsqrt"(%4) {device = ""} : (tensor<$Nx1xf32>) -> tensor<$Nx1xf32>
  %6 = "tf.Mul"(%1, %5) {device = ""} : (tensor<$Nx$Nxf32>, tensor<$Nx1xf32>) -> tensor<$Nx$Nxf32>
  func.return %6 : tensor<$Nx$Nxf32>
}
