// sandjit-test: rtol=1e-5 atol=2e-6
// Conv2D, NHWC input and HWIO filter: SAME stride 1, VALID stride 2, SAME stride 2 (padding split with the
// extra row/column after), on odd spatial sizes, a 1x1 image (SAME pads it) and a zero-size batch.
func.func @test(%arg0: tensor<?x?x?x?xf32>, %arg1: tensor<3x3x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %0 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<3x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<3x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<3x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}
