func.func @add(%x: tensor<?x3xf32>, %y: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = "tf.Addv2"(%x, %y) {device = ""} : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}
