func.func @k(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = "tf.Tanh"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
