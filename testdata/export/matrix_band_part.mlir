// MatrixBandPart with i64 band bounds (tf.linalg.band_part(x, 1, -1)), T/Tindex attributes.
func.func @test(%V__0: tensor<?x?x?xf32> { python_test_attrs.static_type = tensor<2x5x4xf32> }) -> tensor<?x?x?xf32> {
  %lower = "tf.Const"() {device = "", value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %upper = "tf.Const"() {device = "", value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.MatrixBandPart"(%V__0, %lower, %upper) {T = f32, Tindex = i64, device = ""} : (tensor<?x?x?xf32>, tensor<i64>, tensor<i64>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}
