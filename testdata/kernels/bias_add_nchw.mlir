// BiasAdd with data_format = "NCHW": the bias runs along dim 1 (rank 4 and rank 3).
func.func @test(%V__0: tensor<?x?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x5x7xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<3xf32>}, %V__2: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<4x3x6xf32>}) -> (tensor<?x?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.BiasAdd"(%V__0, %V__1) {data_format = "NCHW", device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.BiasAdd"(%V__2, %V__1) {data_format = "NCHW", device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1 : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>
}
