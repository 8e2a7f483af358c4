// Einsum in an attention block as Keras' MultiHeadAttention exports it: scores, softmax, weighted sum.
func.func @test(%V__0: tensor<?x2x5x4xf32> { python_test_attrs.static_type = tensor<2x2x5x4xf32> }, %V__1: tensor<?x2x6x4xf32> { python_test_attrs.static_type = tensor<2x2x6x4xf32> }) -> tensor<?x2x5x4xf32> {
  %scale = "tf.Const"() {device = "", value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Einsum"(%V__0, %V__1) {N = 2 : i64, T = f32, device = "", equation = "bhqd,bhkd->bhqk"} : (tensor<?x2x5x4xf32>, tensor<?x2x6x4xf32>) -> tensor<?x2x5x6xf32>
  %1 = "tf.Mul"(%0, %scale) {T = f32, device = ""} : (tensor<?x2x5x6xf32>, tensor<f32>) -> tensor<?x2x5x6xf32>
  %2 = "tf.Softmax"(%1) {T = f32, device = ""} : (tensor<?x2x5x6xf32>) -> tensor<?x2x5x6xf32>
  %3 = "tf.Einsum"(%2, %V__1) {N = 2 : i64, T = f32, device = "", equation = "bhqk,bhkd->bhqd"} : (tensor<?x2x5x6xf32>, tensor<?x2x6x4xf32>) -> tensor<?x2x5x4xf32>
  func.return %3 : tensor<?x2x5x4xf32>
}
