// AvgPool SAME with stride 2 (the padded windows divide by their in-bounds count).
func.func @test(%V__0: tensor<?x?x?x?xf32> { python_test_attrs.static_type = tensor<2x7x6x3xf32> }) -> tensor<?x?x?x?xf32> {
  %0 = "tf.AvgPool"(%V__0) {T = f32, data_format = "NHWC", device = "", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %1 : tensor<?x?x?x?xf32>
}
