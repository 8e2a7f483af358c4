func.func @bools() -> (tensor<4xi1>, tensor<2x2xi1>, tensor<i1>) {
  %0 = "tf.Const"() {value = dense<[true, false, true, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %1 = "tf.Const"() {value = dense<[[false, true], [1, 0]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %2 = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  return %0, %1, %2 : tensor<4xi1>, tensor<2x2xi1>, tensor<i1>
}
