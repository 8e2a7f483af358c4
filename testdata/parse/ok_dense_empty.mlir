// Zero-element tensors: dense<>, dense<[]>, dense<[[]]>.
func.func @empty() -> (tensor<0xf32>, tensor<0xi32>, tensor<1x0xi64>, tensor<0x3xf32>) {
  %0 = "tf.Const"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
  %1 = "tf.Const"() {value = dense<[]> : tensor<0xi32>} : () -> tensor<0xi32>
  %2 = "tf.Const"() {value = dense<[[]]> : tensor<1x0xi64>} : () -> tensor<1x0xi64>
  %3 = "tf.Const"() {value = dense<[]> : tensor<0x3xf32>} : () -> tensor<0x3xf32>
  return %0, %1, %2, %3 : tensor<0xf32>, tensor<0xi32>, tensor<1x0xi64>, tensor<0x3xf32>
}
