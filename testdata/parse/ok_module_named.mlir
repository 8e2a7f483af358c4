module @kernels {
  func.func @relu(%x: tensor<8xf32>) -> tensor<8xf32> {
    %0 = "tf.Relu"(%x) : (tensor<8xf32>) -> tensor<8xf32>
    func.return %0 : tensor<8xf32>
  }
}
