// SelectV2 broadcasts cond, x and y together like numpy.where.
func.func @test(%V__0: tensor<?x1xi1> {python_test_attrs.static_type = tensor<4x1xi1>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<6xf32>}, %V__2: tensor<f32> {python_test_attrs.static_type = tensor<f32>}, %V__3: tensor<?x?x?xi1> {python_test_attrs.static_type = tensor<2x3x5xi1>}, %V__4: tensor<?x?xi32> {python_test_attrs.static_type = tensor<3x1xi32>}, %V__5: tensor<?xi32> {python_test_attrs.static_type = tensor<5xi32>}) -> (tensor<?x?xf32>, tensor<?x?x?xi32>) {
  %0 = "tf.SelectV2"(%V__0, %V__1, %V__2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x1xi1>, tensor<?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %1 = "tf.SelectV2"(%V__3, %V__4, %V__5) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xi1>, tensor<?x?xi32>, tensor<?xi32>) -> tensor<?x?x?xi32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?x?xi32>
}
