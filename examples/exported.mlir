func.func @main(%x: tensor<?xf32>, %shape: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %shape) {device = ""} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Tanh"(%0) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Identity"(%1) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %2 : tensor<?x?xf32>
}
