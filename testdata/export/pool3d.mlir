// AvgPool3D VALID and MaxPool3D SAME over NDHWC.
func.func @test(%V__0: tensor<?x5x6x4x2xf32> { python_test_attrs.static_type = tensor<2x5x6x4x2xf32> }) -> (tensor<?x2x3x2x2xf32>, tensor<?x3x3x2x2xf32>) {
  %0 = "tf.AvgPool3D"(%V__0) {T = f32, data_format = "NDHWC", device = "", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<?x5x6x4x2xf32>) -> tensor<?x2x3x2x2xf32>
  %1 = "tf.MaxPool3D"(%V__0) {T = f32, data_format = "NDHWC", device = "", ksize = [1, 3, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x5x6x4x2xf32>) -> tensor<?x3x3x2x2xf32>
  func.return %0, %1 : tensor<?x2x3x2x2xf32>, tensor<?x3x3x2x2xf32>
}
