// bf16 Conv2D, MaxPool and AvgPool.
func.func @test(%V__0: tensor<?x6x6x2xbf16> { python_test_attrs.static_type = tensor<1x6x6x2xbf16> }, %V__1: tensor<2x2x2x3xbf16>) -> (tensor<?x3x3x3xbf16>, tensor<?x3x3x2xbf16>, tensor<?x3x3x2xbf16>) {
  %0 = "tf.Conv2D"(%V__0, %V__1) {T = bf16, data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x6x6x2xbf16>, tensor<2x2x2x3xbf16>) -> tensor<?x3x3x3xbf16>
  %1 = "tf.MaxPool"(%V__0) {T = bf16, data_format = "NHWC", device = "", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x6x6x2xbf16>) -> tensor<?x3x3x2xbf16>
  %2 = "tf.AvgPool"(%V__0) {T = bf16, data_format = "NHWC", device = "", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x6x6x2xbf16>) -> tensor<?x3x3x2xbf16>
  func.return %0, %1, %2 : tensor<?x3x3x3xbf16>, tensor<?x3x3x2xbf16>, tensor<?x3x3x2xbf16>
}
