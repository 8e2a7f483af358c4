// MatrixSetDiagV3 with a band k = [0, 1] and LEFT_RIGHT alignment.
func.func @test(%V__0: tensor<2x3x4xf32>, %V__1: tensor<2x2x3xf32>) -> tensor<2x3x4xf32> {
  %k = "tf.Const"() {device = "", value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.MatrixSetDiagV3"(%V__0, %V__1, %k) {T = f32, align = "LEFT_RIGHT", device = ""} : (tensor<2x3x4xf32>, tensor<2x2x3xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return %1 : tensor<2x3x4xf32>
}
