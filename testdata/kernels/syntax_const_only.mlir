// A kernel with no arguments: constants of several dtypes, folded or returned directly.
builtin.func @test() -> (tensor<2xi32>, tensor<f32>, tensor<3xi1>, tensor<2x2xui16>, tensor<i8>) {
  %0 = "tf.Const"() {value = dense<[38, 33]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Const"() {value = dense<[4, -5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Mul"(%0, %1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %3 = "tf.Const"() {value = dense<2.500000e-01> : tensor<f32>} : () -> tensor<f32>
  %4 = "tf.Sqrt"(%3) : (tensor<f32>) -> tensor<f32>
  %5 = "tf.Const"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %6 = "tf.Const"() {value = dense<[[0, 65535], [32768, 7]]> : tensor<2x2xui16>} : () -> tensor<2x2xui16>
  %7 = "tf.Const"() {value = dense<-128> : tensor<i8>} : () -> tensor<i8>
  return %2, %4, %5, %6, %7 : tensor<2xi32>, tensor<f32>, tensor<3xi1>, tensor<2x2xui16>, tensor<i8>
}
