// TopKV2 with a constant k, both results used, sorted = true (tf.math.top_k exported).
func.func @test(%V__0: tensor<?x10xf32> { python_test_attrs.static_type = tensor<3x10xf32> }) -> (tensor<?x4xf32>, tensor<?x4xi32>) {
  %k = "tf.Const"() {device = "", value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %values, %indices = "tf.TopKV2"(%V__0, %k) {T = f32, device = "", sorted = true} : (tensor<?x10xf32>, tensor<i32>) -> (tensor<?x4xf32>, tensor<?x4xi32>)
  %0 = "tf.Identity"(%values) {device = ""} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tf.Identity"(%indices) {device = ""} : (tensor<?x4xi32>) -> tensor<?x4xi32>
  func.return %0, %1 : tensor<?x4xf32>, tensor<?x4xi32>
}
