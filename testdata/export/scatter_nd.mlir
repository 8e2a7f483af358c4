// ScatterNd with a duplicate index (contributions add) and a constant shape.
func.func @test(%V__0: tensor<4x3xf32>) -> tensor<8x3xf32> {
  %idx = "tf.Const"() {device = "", value = dense<[[1], [5], [1], [7]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %shape = "tf.Const"() {device = "", value = dense<[8, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ScatterNd"(%idx, %V__0, %shape) {T = f32, Tindices = i32, device = "", bad_indices_policy = ""} : (tensor<4x1xi32>, tensor<4x3xf32>, tensor<2xi32>) -> tensor<8x3xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<8x3xf32>) -> tensor<8x3xf32>
  func.return %1 : tensor<8x3xf32>
}
