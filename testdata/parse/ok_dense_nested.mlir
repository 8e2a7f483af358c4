func.func @nested() -> (tensor<2x2xi32>, tensor<2x3xf32>, tensor<1x1x1xf64>, tensor<3xui8>, tensor<2xi64>) {
  %0 = "tf.Const"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %1 = "tf.Const"() {value = dense<[[1.0, -2.5, 3], [1.000000e-01, 0x7F800000, -0.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %2 = "tf.Const"() {value = dense<[[[2.0E+300]]]> : tensor<1x1x1xf64>} : () -> tensor<1x1x1xf64>
  %3 = "tf.Const"() {value = dense<[0, 128, 255]> : tensor<3xui8>} : () -> tensor<3xui8>
  %4 = "tf.Const"() {value = dense<[-9223372036854775808, 0x7FFFFFFFFFFFFFFF]> : tensor<2xi64>} : () -> tensor<2xi64>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<2x3xf32>, tensor<1x1x1xf64>, tensor<3xui8>, tensor<2xi64>
}
