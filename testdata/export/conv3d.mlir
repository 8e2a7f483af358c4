// Conv3D VALID and strided, NDHWC.
func.func @test(%V__0: tensor<?x6x6x6x2xf32> { python_test_attrs.static_type = tensor<2x6x6x6x2xf32> }, %V__1: tensor<3x3x3x2x4xf32>) -> tensor<?x2x2x2x4xf32> {
  %0 = "tf.Conv3D"(%V__0, %V__1) {T = f32, data_format = "NDHWC", device = "", dilations = [1, 1, 1, 1, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<?x6x6x6x2xf32>, tensor<3x3x3x2x4xf32>) -> tensor<?x2x2x2x4xf32>
  func.return %0 : tensor<?x2x2x2x4xf32>
}
