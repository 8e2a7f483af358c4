// tf.Select with a condition of the same shape as x and y.
func.func @test(%V__0: tensor<?x?xi1> {python_test_attrs.static_type = tensor<7x13xi1>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}, %V__2: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}) -> tensor<?x?xf32> {
  %0 = "tf.Select"(%V__0, %V__1, %V__2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi1>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}
