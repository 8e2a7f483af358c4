// tf.Select with a rank-1 condition picks whole rows (first dim) of x or y.
func.func @test(%V__0: tensor<?xi1> {python_test_attrs.static_type = tensor<5xi1>}, %V__1: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<5x3x4xf32>}, %V__2: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<5x3x4xf32>}, %V__3: tensor<?x?xi64> {python_test_attrs.static_type = tensor<5x2xi64>}, %V__4: tensor<?x?xi64> {python_test_attrs.static_type = tensor<5x2xi64>}) -> (tensor<?x?x?xf32>, tensor<?x?xi64>) {
  %0 = "tf.Select"(%V__0, %V__1, %V__2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi1>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %1 = "tf.Select"(%V__0, %V__3, %V__4) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xi1>, tensor<?x?xi64>, tensor<?x?xi64>) -> tensor<?x?xi64>
  func.return %0, %1 : tensor<?x?x?xf32>, tensor<?x?xi64>
}
